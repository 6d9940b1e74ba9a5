import type { OutcomeReport } from '@tcm/contracts/api/outcomes';
import { Col, Row } from 'antd';
import { useMemo } from 'react';
import type { GroupKey } from './chart-data';
import { GroupBarChart } from './charts/GroupBarChart';
import { ReportSection } from './GroupTable';
import { OutcomeFigure } from './OutcomeFigure';
import { GROUPS, type OutcomeFormat } from './use-outcome-format';

type Groups = OutcomeReport['groups'];

function changeText(groups: Groups, group: GroupKey, format: OutcomeFormat): string {
  return format.mean(groups[group].weightChangePercent, 1, true);
}

function lossText(groups: Groups, group: GroupKey, format: OutcomeFormat): string {
  return format.share(groups[group].weightLoss5);
}

/** Mean weight change (%) and the share losing ≥ 5 % per group, over the patients with two weights. */
export function WeightSection({ groups, format }: { groups: Groups; format: OutcomeFormat }) {
  const { t } = format;
  const withTwo = { managed: groups.managed.weightChangePercent.n, comparison: groups.comparison.weightChangePercent.n };
  const basis = t('outcomes.basisWeights', withTwo);
  const tooFew = format.tooFew(withTwo);
  const changeTitle = t('outcomes.weight.changeTitle');
  const lossTitle = t('outcomes.weight.lossTitle');

  const changeBars = useMemo(
    () =>
      GROUPS.map((group) => ({
        group,
        name: format.groupName(group),
        value: groups[group].weightChangePercent.mean,
        label: changeText(groups, group, format),
      })),
    [groups, format],
  );
  const lossBars = useMemo(
    () =>
      GROUPS.map((group) => {
        const share = groups[group].weightLoss5;
        return {
          group,
          name: format.groupName(group),
          value: share.proportion === null ? null : share.proportion * 100,
          label: lossText(groups, group, format),
        };
      }),
    [groups, format],
  );
  const anyWeights = withTwo.managed + withTwo.comparison > 0;
  return (
    <ReportSection id="weight" title={t('outcomes.sections.weight')}>
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={12}>
          <OutcomeFigure
            testId="outcome-weight-change"
            title={changeTitle}
            basis={basis}
            tooFew={tooFew}
            chart={
              anyWeights
                ? (label) => (
                    <GroupBarChart
                      bars={changeBars}
                      axis={{ name: t('outcomes.weight.changeAxis'), unit: '%' }}
                      label={label}
                      height={280}
                    />
                  )
                : null
            }
            table={{
              caption: changeTitle,
              columns: [t('outcomes.group'), t('outcomes.weight.changeColumn'), t('outcomes.nColumn')],
              rows: GROUPS.map((group) => [format.groupName(group), changeText(groups, group, format), format.count(withTwo[group])]),
            }}
          />
        </Col>
        <Col xs={24} lg={12}>
          <OutcomeFigure
            testId="outcome-weight-loss"
            title={lossTitle}
            basis={basis}
            tooFew={tooFew}
            chart={
              anyWeights
                ? (label) => (
                    <GroupBarChart
                      bars={lossBars}
                      axis={{ name: t('outcomes.weight.lossAxis'), unit: '%', min: 0, max: 100 }}
                      label={label}
                      height={280}
                    />
                  )
                : null
            }
            table={{
              caption: lossTitle,
              columns: [t('outcomes.group'), t('outcomes.weight.lossColumn'), t('outcomes.nColumn')],
              rows: GROUPS.map((group) => [format.groupName(group), lossText(groups, group, format), format.count(withTwo[group])]),
            }}
          />
        </Col>
      </Row>
    </ReportSection>
  );
}
