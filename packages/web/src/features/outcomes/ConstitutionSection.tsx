import type { OutcomeReport } from '@tcm/contracts/api/outcomes';
import { CCMQ_SUBSCALES } from '@tcm/contracts/clinical/ccmq-items';
import { Col, Row } from 'antd';
import { useMemo } from 'react';
import { useInstrumentLang } from '../../instruments/lang';
import type { GroupKey } from './chart-data';
import { ConstitutionChart } from './charts/ConstitutionChart';
import { numberText } from './format';
import { ReportSection } from './GroupTable';
import { OutcomeFigure } from './OutcomeFigure';
import { GROUPS, type OutcomeFormat } from './use-outcome-format';

type Groups = OutcomeReport['groups'];

function ConstitutionFigure({ groups, group, format }: { groups: Groups; group: GroupKey; format: OutcomeFormat }) {
  const { t } = format;
  const lang = useInstrumentLang();
  const types = useMemo(() => CCMQ_SUBSCALES.map((s) => ({ key: s.key, label: s[lang] })), [lang]);
  const { constitution } = groups[group];
  const title = t('outcomes.constitution.title', { group: format.groupName(group) });
  const count = (key: string, moment: 'baseline' | 'latest') => constitution[moment][key] ?? 0;
  return (
    <OutcomeFigure
      testId={`outcome-constitution-${group}`}
      title={title}
      basis={t('outcomes.constitution.basis', { count: constitution.n })}
      tooFew={format.tooFewOne(constitution.n)}
      chart={
        constitution.n > 0
          ? (label) => (
              <ConstitutionChart
                types={types}
                counts={constitution}
                group={group}
                text={{
                  baseline: t('outcomes.constitution.baseline'),
                  latest: t('outcomes.constitution.latest'),
                  countAxis: t('outcomes.constitution.countAxis'),
                }}
                label={label}
                height={316}
              />
            )
          : null
      }
      table={{
        caption: title,
        columns: [
          t('outcomes.constitution.type'),
          t('outcomes.constitution.baseline'),
          t('outcomes.constitution.latest'),
          t('outcomes.constitution.change'),
        ],
        rows: types.map((type) => [
          type.label,
          format.count(count(type.key, 'baseline')),
          format.count(count(type.key, 'latest')),
          numberText(count(type.key, 'latest') - count(type.key, 'baseline'), format.language, { digits: 0, signed: true }),
        ]),
      }}
    />
  );
}

/** The constitution types judged 是 or 基本是 at baseline and at the latest assessment, per group. */
export function ConstitutionSection({ groups, format }: { groups: Groups; format: OutcomeFormat }) {
  return (
    <ReportSection id="constitution" title={format.t('outcomes.sections.constitution')} intro={format.t('outcomes.constitution.intro')}>
      <Row gutter={[24, 16]}>
        {GROUPS.map((group) => (
          <Col key={group} xs={24} lg={12}>
            <ConstitutionFigure groups={groups} group={group} format={format} />
          </Col>
        ))}
      </Row>
    </ReportSection>
  );
}
