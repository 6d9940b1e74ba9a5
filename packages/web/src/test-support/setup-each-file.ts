/*
 * The unit tier's `setupFiles` entry (vitest.config.ts): runs before each test file, so the hook below
 * is registered in every file even though modules are shared between files (`isolate: false`).
 */
import { afterEach } from 'vitest';
import { runResets } from './after-each';

afterEach(runResets);
