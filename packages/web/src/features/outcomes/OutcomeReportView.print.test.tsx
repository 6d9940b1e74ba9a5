// @vitest-environment happy-dom
import { StyleProvider } from '@ant-design/cssinjs';
import { QueryClientProvider } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bootI18n, testQueryClient } from '../../test-support/render';
import { OutcomeReportView } from './OutcomeReportView';
import { outcomeReportFixture } from './outcome-report.fixture';

beforeAll(bootI18n);

let root: Root | undefined;
let host: HTMLElement | undefined;
afterEach(() => {
  root?.unmount();
  host?.remove();
  root = undefined;
  host = undefined;
});

const section = (id: string) => host?.querySelector(`[data-testid="outcome-section-${id}"]`) ?? null;

describe('OutcomeReportView, printed before its lower sections have rendered', () => {
  it('renders every section inside beforeprint, so the print holds the whole report', () => {
    host = document.body.appendChild(document.createElement('div'));
    root = createRoot(host);
    // The first render only, as a slow PC shows it: the deferred render that follows has not run
    // (outside act, React leaves it to its scheduler, which this synchronous test never yields to).
    flushSync(() =>
      root?.render(
        <QueryClientProvider client={testQueryClient()}>
          <StyleProvider mock="server">
            <OutcomeReportView report={outcomeReportFixture()} scope="全市" range="全部" isProgressive />
          </StyleProvider>
        </QueryClientProvider>,
      ),
    );
    expect(section('baseline')).not.toBeNull();
    expect(section('glossary')).toBeNull();
    expect(host.querySelector('[role="status"]')).not.toBeNull();

    window.dispatchEvent(new Event('beforeprint'));

    for (const id of ['outcomes', 'survival', 'institutions', 'glossary']) expect(section(id)).not.toBeNull();
    expect(host.querySelector('[role="status"]')).toBeNull();
  });
});
