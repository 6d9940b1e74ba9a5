import { describe, expect, it } from 'vitest';
import { redactIdentifiers, redactUrl, serializeError } from './log-redaction';

const ID = '11010519491231002X';
const MOBILE = '13912345678';

describe('log redaction', () => {
  it('masks ID numbers (and their first digits) and mobiles anywhere in a text', () => {
    expect(redactIdentifiers(`id ${ID} tel ${MOBILE} end`)).toBe('id [redacted] tel [redacted] end');
    expect(redactIdentifiers(ID.toLowerCase())).toBe('[redacted]');
    expect(redactIdentifiers(ID.slice(0, 15))).toBe('[redacted]');
    expect(redactIdentifiers('page 2 of 1000, id 2147483648')).toBe('page 2 of 1000, id 2147483648');
  });

  it('replaces keyword and credentials whole, masks identifier-shaped values, keys and path segments', () => {
    expect(redactUrl('/prod-api/api/annex/queryCompleted?page=1&keyword=%E5%BC%A0%E4%B8%89')).toBe(
      '/prod-api/api/annex/queryCompleted?page=1&keyword=[redacted]',
    );
    expect(redactUrl(`/x?KeyWord=a&other=${MOBILE}&${ID}=1&password=p`)).toBe(
      '/x?KeyWord=[redacted]&other=[redacted]&[redacted]=1&password=[redacted]',
    );
    expect(redactUrl(`/x?q=%31%33%39%31%32%33%34%35%36%37%38`)).toBe('/x?q=[redacted]');
    expect(redactUrl(`/prod-api/api/user/${ID}`)).toBe('/prod-api/api/user/[redacted]');
    expect(redactUrl(`/prod-api/api/user/%31%33%39%31%32%33%34%35%36%37%38`)).toBe('/prod-api/api/user/[redacted]');
    expect(redactUrl('/prod-api/api/user/patient?id=12')).toBe('/prod-api/api/user/patient?id=12');
  });

  it('logs a drizzle query error without its parameters, and its PostgreSQL cause without detail or values', () => {
    const cause = Object.assign(new Error('invalid input syntax for type integer: "张三"'), {
      code: '22P02',
      severity: 'ERROR',
      detail: `Key (id_num)=(${ID}) already exists.`,
      where: `unnamed portal parameter $2 = '${MOBILE}'`,
      table: 'patients',
    });
    const error = Object.assign(new Error(`Failed query: insert into "patients" values ($1, $2)\nparams: 张三,${ID},${MOBILE}`), {
      query: 'insert into "patients" values ($1, $2)',
      params: ['张三', ID, MOBILE],
      cause,
    });
    const logged = JSON.stringify(serializeError(error));
    for (const secret of ['张三', ID, MOBILE]) expect(logged).not.toContain(secret);
    expect(serializeError(error)).toMatchObject({
      message: 'Failed query: insert into "patients" values ($1, $2)\nparams: [redacted]',
      query: 'insert into "patients" values ($1, $2)',
      cause: { errorCode: '22P02', table: 'patients', message: 'invalid input syntax for type integer: "[redacted]"' },
    });
    expect(serializeError('plain')).toEqual({ type: 'string', message: 'plain', stack: '' });
  });
});
