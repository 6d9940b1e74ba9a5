import {
  AuthPaths,
  changeOwnPasswordBody,
  changePasswordInput,
  checkIsRegisterQuery,
  checkIsRegisterResult,
  currentUserSchema,
  emptyData,
  envelope,
  getVerificationCodeQuery,
  getVerificationCodeResult,
  loginBody,
  loginResult,
  ownSessionsResult,
  registerBody,
  registerResult,
  revokeOtherSessionsResult,
} from '@tcm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SecurityConfig } from '../../config';
import { ok } from '../../lib/respond';
import * as auth from './auth-service';
import * as own from './own-account-service';

const TAG = ['auth'];

export function authRoutes(security: SecurityConfig) {
  const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });
  return async function register(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(AuthPaths.login, {
      config: { access: 'public', ...perMinute(security.loginPerMinute) },
      schema: {
        tags: TAG,
        summary: 'Sign in (doctor: mobile; admin: login name)',
        body: loginBody,
        response: { 200: envelope(loginResult) },
      },
      handler: async (req) => ok(await auth.login({ ctx: req.ctx, input: req.body })),
    });

    r.post(AuthPaths.logout, {
      config: { access: 'authenticated' },
      schema: { tags: TAG, summary: 'End the current session', response: { 200: envelope(emptyData) } },
      handler: async (req) => {
        await auth.logout({ ctx: req.ctx, input: undefined });
        return ok({});
      },
    });

    r.post(AuthPaths.changePassword, {
      config: { access: 'authenticated', ...perMinute(security.loginPerMinute) },
      schema: {
        tags: TAG,
        summary: 'Change one’s own password with the old one; every other session ends',
        body: changeOwnPasswordBody,
        response: { 200: envelope(emptyData) },
      },
      handler: async (req) => ok(await own.changeOwnPassword({ ctx: req.ctx, input: req.body }), '密码已修改，其他设备已退出登录'),
    });

    r.get(AuthPaths.sessions, {
      config: { access: 'authenticated' },
      schema: { tags: TAG, summary: 'One’s own live sessions', response: { 200: envelope(ownSessionsResult) } },
      handler: async (req) => ok(await own.listOwnSessions({ ctx: req.ctx, input: undefined })),
    });

    r.post(AuthPaths.revokeOtherSessions, {
      config: { access: 'authenticated' },
      schema: {
        tags: TAG,
        summary: 'End every session of one’s account but this one',
        response: { 200: envelope(revokeOtherSessionsResult) },
      },
      handler: async (req) => ok(await own.revokeOtherSessions({ ctx: req.ctx, input: undefined }), '其他设备已退出登录'),
    });

    r.get(AuthPaths.me, {
      config: { access: 'authenticated' },
      schema: { tags: TAG, summary: 'The signed-in user', response: { 200: envelope(currentUserSchema) } },
      handler: async (req) => ok(await auth.currentUser({ ctx: req.ctx, input: undefined })),
    });

    r.get(AuthPaths.getVerificationCode, {
      config: { access: 'public', ...perMinute(security.codePerMinute) },
      schema: {
        tags: TAG,
        summary: 'Send an SMS code (purpose register or resetPassword)',
        querystring: getVerificationCodeQuery,
        response: { 200: envelope(getVerificationCodeResult) },
      },
      handler: async (req) => ok(await auth.sendVerificationCode({ ctx: req.ctx, input: req.query }), '验证码已发送'),
    });

    r.get(AuthPaths.checkIsRegister, {
      config: { access: 'public', ...perMinute(security.codePerMinute * 3) },
      schema: {
        tags: TAG,
        summary: 'Whether a mobile is registered',
        querystring: checkIsRegisterQuery,
        response: { 200: envelope(checkIsRegisterResult) },
      },
      handler: async (req) => ok(await auth.checkIsRegister({ ctx: req.ctx, input: req.query })),
    });

    r.post(AuthPaths.register, {
      config: { access: 'public', ...perMinute(security.registerPerMinute) },
      schema: {
        tags: TAG,
        summary: 'Register as a doctor (goes to review)',
        body: registerBody,
        response: { 200: envelope(registerResult) },
      },
      handler: async (req) => ok(await auth.register({ ctx: req.ctx, input: req.body }), '注册申请已提交，请等待审核'),
    });

    // The spec's GET with a query must keep working; the web app POSTs the body so that the new
    // password never sits in a URL (PRODUCT §2). Neither form is logged with its parameters.
    const changePasswordConfig = { access: 'public' as const, ...perMinute(security.registerPerMinute) };
    r.get(AuthPaths.changePwdByVerificationCode, {
      config: changePasswordConfig,
      schema: {
        tags: TAG,
        summary: 'Reset the password with an SMS code (query form)',
        querystring: changePasswordInput,
        response: { 200: envelope(emptyData) },
      },
      handler: async (req) => ok(await auth.changePasswordByCode({ ctx: req.ctx, input: req.query }), '密码已重置，请重新登录'),
    });
    r.post(AuthPaths.changePwdByVerificationCode, {
      config: changePasswordConfig,
      schema: {
        tags: TAG,
        summary: 'Reset the password with an SMS code (body form)',
        body: changePasswordInput,
        response: { 200: envelope(emptyData) },
      },
      handler: async (req) => ok(await auth.changePasswordByCode({ ctx: req.ctx, input: req.body }), '密码已重置，请重新登录'),
    });
  };
}
