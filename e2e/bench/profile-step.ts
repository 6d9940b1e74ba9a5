/**
 * Where one home interaction's main-thread time goes: `npx tsx e2e/bench/profile-step.ts "open a patient"`
 * runs the home scenario (e2e/bench/home-scenario.ts) on the built web app with BENCH_PATIENTS (default
 * 10,000) patients, with a 4× CPU slow-down and no network emulation, and records Chromium's CPU
 * profile over the named step only. It prints the functions with the most self time and the
 * components (capitalised functions) with the most time including what they call, and writes the
 * profile to .e2e-artifacts/<step>.cpuprofile (opens in Chromium's DevTools, Performance panel).
 * With readable names: build the web app unminified (`node scripts/build.mjs --minify false --outDir
 * /tmp/web-unminified` in packages/web) and set E2E_WEB_DIST=/tmp/web-unminified; then
 * PROFILE_WINDOW_MS=N counts only the N ms from the first input event React handled (its
 * `dispatchDiscreteEvent`: the click), the interaction's own work rather than the data and renders
 * that follow, or locating the element to click. PROFILE_OPEN=/path opens that screen after the steps
 * before the named one (`PROFILE_OPEN=/diagnosticRecord … "record: switch instrument tab"`).
 * A diagnostic: it prints numbers and asserts none.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoginResult } from '@tcm/contracts/api/auth';
import { launchBrowser } from '../support/browser';
import { BENCH_DOCTOR, startBenchServer } from './bench-server';
import { HOME_INTERACTIONS, waitForHome, waitForSettled } from './home-scenario';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const label = process.argv[2] ?? 'open a patient';
const target = HOME_INTERACTIONS.findIndex((step) => step.label === label);
if (target < 0) throw new Error(`"${label}" is not a step of the home scenario: ${HOME_INTERACTIONS.map((s) => s.label).join(', ')}`);

const nameOf = (node: ProfileNode) =>
  `${node.callFrame.functionName || '(anonymous)'} ${path.basename(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;

/** Self time per function, and time including callees per capitalised function (a component), in ms. */
function summarise(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const stackHas = (id: number, name: string) => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
      if (byId.get(at)?.callFrame.functionName === name) return true;
    return false;
  };
  // Sample times from the profile's start (µs); the window opens at the first input event React handled.
  const times: number[] = [];
  let at = 0;
  for (const delta of profile.timeDeltas) {
    at += delta;
    times.push(at);
  }
  const eventAt = times[profile.samples.findIndex((id) => stackHas(id, 'dispatchDiscreteEvent'))] ?? 0;
  const windowEnd = eventAt + Number(process.env.PROFILE_WINDOW_MS ?? Number.POSITIVE_INFINITY) * 1000;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    if ((times[i] ?? 0) < eventAt || (times[i] ?? 0) > windowEnd) return;
    const node = byId.get(id);
    if (!node) return;
    self.set(nameOf(node), (self.get(nameOf(node)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at);
      if (!frame || !/^[A-Z]/.test(frame.callFrame.functionName)) continue;
      const name = nameOf(frame);
      if (seen.has(name)) continue; // a component rendering itself again counts once per sample
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
    }
  });
  const top = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([name, ms]) => `  ${ms.toFixed(1).padStart(8)} ms  ${name}`)
      .join('\n');
  return { self: top(self), components: top(inclusive) };
}

const server = await startBenchServer({ patients: Number(process.env.BENCH_PATIENTS ?? 10_000), institutions: 1 });
const browser = await launchBrowser();
try {
  const res = await fetch(`${server.baseUrl}/prod-api/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: BENCH_DOCTOR.username, password: BENCH_DOCTOR.password }),
  });
  const session = ((await res.json()) as { data: LoginResult }).data;
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  await context.addInitScript((s: LoginResult) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('admin', s.admin ? 'true' : 'false');
    localStorage.setItem('user', JSON.stringify(s.user));
  }, session);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto('/index');
  await waitForHome(page, BENCH_DOCTOR.name);
  for (const step of HOME_INTERACTIONS.slice(0, target)) await step.run(page);
  if (process.env.PROFILE_OPEN) {
    // Where the home scenario's steps left off is not always where the step is wanted (bench:web's
    // record screen is 诊断记录 whichever form the patient opened at).
    await page.goto(process.env.PROFILE_OPEN);
    await waitForSettled(page);
  }
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  const started = Date.now();
  await HOME_INTERACTIONS[target]?.run(page);
  const wall = Date.now() - started;
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  const file = path.join(root, '.e2e-artifacts', `${label.replace(/\W+/g, '-')}.cpuprofile`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(profile));
  const { self, components } = summarise(profile);
  console.log(`"${label}": ${wall} ms from the click until the home scenario saw it done; profile in ${path.relative(root, file)}`);
  console.log(`self time (4× CPU):\n${self}\ncomponents, including what they call:\n${components}`);
} finally {
  await browser.close();
  await server.close();
}
