// @vitest-environment happy-dom

import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useHomeStore } from '../../stores/home';
import { useSessionStore } from '../../stores/session';
import { fakeServer, ok } from '../../test-support/fake-server';
import { prefetchHomeData } from './home-data';

/*
 * The home route's prefetch asks for what the home's cards ask for on their first render (the urgent
 * lists of both groups, the worklists and the first outreach list of the cohort in the address, the
 * personal centre's figures), for a signed-in doctor only.
 */

const DOCTOR = { id: 2, name: '王医生', role: 'doctor', username: '13900000001', institutionId: 3, institutionName: '城西' };
const page = { list: [], total: 0, page: 1, limit: 10 };

function serve() {
  return fakeServer()
    .on('POST', '/api/user/list', () => ok(page))
    .on('POST', '/api/comparative/list', () => ok(page))
    .on('GET', '/api/annex/queryPersonalCenterData', () => ok({}));
}

/** Waits until the client's prefetches have been answered (a prefetch counts as fetching from the call). */
const answered = (client: QueryClient) => waitFor(() => expect(client.isFetching()).toBe(0));
const bodies = (server: ReturnType<typeof serve>, path: string) => server.sent('POST', path).map((r) => r.body);

describe('prefetchHomeData', () => {
  afterEach(() => {
    useSessionStore.getState().signOut();
    useHomeStore.setState({ homeStateType: 'normal' });
  });

  it("asks, for /index/managed and the overdue view, for the managed group's lists, both urgent lists and the figures", async () => {
    const server = serve();
    useSessionStore.getState().signIn({ token: 't', admin: false, user: DOCTOR } as never);
    useHomeStore.setState({ homeStateType: 'overdue' });
    const client = new QueryClient();
    prefetchHomeData(client, { type: 'managed' });
    expect(client.isFetching()).toBe(5);
    await answered(client);
    const running = { state: 'running', role: 'patient' };
    expect(bodies(server, '/api/user/list')).toEqual([
      { page: 1, limit: 20, urgentOnly: true, ...running },
      { page: 1, limit: 10, sort: 'dueDate', overdueOnly: true, ...running },
      { page: 1, limit: 10, sort: 'dueDate', outreach: 'toContact', ...running },
    ]);
    expect(bodies(server, '/api/comparative/list')).toEqual([{ page: 1, limit: 20, state: 'running', urgentOnly: true }]);
    expect(server.sent('GET', '/api/annex/queryPersonalCenterData').map((r) => r.params)).toEqual([{ institutionId: 3 }]);
  });

  it('asks for both groups on /index, and for nothing for the administrator, an unknown cohort or nobody signed in', async () => {
    const server = serve();
    const client = new QueryClient();
    prefetchHomeData(client, {});
    useSessionStore.getState().signIn({ token: 't', admin: true, user: { ...DOCTOR, role: 'admin' } } as never);
    prefetchHomeData(client, {});
    useSessionStore.getState().signIn({ token: 't', admin: false, user: DOCTOR } as never);
    prefetchHomeData(client, { type: 'elsewhere' });
    // A prefetch counts as fetching from the moment it is asked for: none was.
    expect(client.isFetching()).toBe(0);
    expect(server.requests).toEqual([]);
    prefetchHomeData(client, {});
    await answered(client);
    expect([server.sent('POST', '/api/user/list').length, server.sent('POST', '/api/comparative/list').length]).toEqual([3, 3]);
  });
});
