-- Generated from queries.ts by queries.test.ts: the programme outcome report (docs/outcomes.md).
-- Parameters of this rendering: $1 = 1, $2 = "2025-01-01", $3 = "2025-12-31", $4 = "2026-03-01"
-- (institution 1, baseline dates 2025-01-01 to 2025-12-31, today 2026-03-01).
with
scoped as not materialized (
  select * from "outcome_facts" p
  where p.institution_id = $1 and coalesce(p.baseline_date, p.enrolled_at) >= $2::date and coalesce(p.baseline_date, p.enrolled_at) <= $3::date
),
facts as materialized (
  select p.grp, p.institution_id,
    p.with_baseline as has_baseline,
    p.baseline_age as age, p.male,
    p.bmi, p.baseline_fpg, p.baseline_ogtt2h, p.baseline_hba1c,
    p.prediabetic, p.itt_evaluable as evaluable, p.itt_progressed as progressed, p.itt_unconfirmed as unconfirmed, p.itt_reverted as reverted, p.itt_followed_days as followed_days, p.itt_tests as tests, p.itt_common_evaluable as c_evaluable, p.itt_common_progressed as c_progressed, p.itt_common_unconfirmed as c_unconfirmed, p.itt_common_reverted as c_reverted, p.itt_common_followed_days as c_followed_days, p.itt_common_tests as c_tests,
    p.weight_change, p.fpg_change, p.ogtt2h_change, p.hba1c_change,
    p.closed_windows + (case when (coalesce(p.last_visit, p.enrolled_at) + (case p.grp when 'managed' then 15 when 'comparison' then 90 when 'diabetic' then 90 end)) < $4::date
      and coalesce(p.ended_at > (coalesce(p.last_visit, p.enrolled_at) + (case p.grp when 'managed' then 15 when 'comparison' then 90 when 'diabetic' then 90 end)), not p.end_management) then 1 else 0 end) as due,
    p.on_time, p.reassessed,
    case when p.reassessed then p.constitution_first end as constitution_first,
    case when p.reassessed then p.constitution_last end as constitution_last,
    p.symptom_efficacy as efficacy,
    p.visit_satisfactory::int as satisfactory
  from scoped p
),
groups as (
  select grp, null::int as institution_id, true as all_institutions,
    count(*) as enrolled,
    count(*) filter (where has_baseline) as with_baseline,
    count(*) filter (where prediabetic) as prediabetic,
    count(*) filter (where evaluable) as evaluable,
    coalesce(sum(followed_days) filter (where evaluable), 0) as followed_days,
    coalesce(sum(tests) filter (where evaluable), 0) as tests,
    count(*) filter (where evaluable and progressed) as progressed,
    count(*) filter (where evaluable and unconfirmed) as unconfirmed,
    count(*) filter (where evaluable and reverted) as reverted,
    count(*) filter (where c_evaluable) as c_evaluable,
    coalesce(sum(c_followed_days) filter (where c_evaluable), 0) as c_followed_days,
    coalesce(sum(c_tests) filter (where c_evaluable), 0) as c_tests,
    count(*) filter (where c_evaluable and c_progressed) as c_progressed,
    count(*) filter (where c_evaluable and c_unconfirmed) as c_unconfirmed,
    count(*) filter (where c_evaluable and c_reverted) as c_reverted,
    count(age) filter (where has_baseline) as age_n, avg(age) filter (where has_baseline) as age_mean, var_samp(age) filter (where has_baseline) as age_var,
    count(*) filter (where has_baseline and male) as male,
    count(bmi) filter (where has_baseline) as bmi_n, avg(bmi) filter (where has_baseline) as bmi_mean, var_samp(bmi) filter (where has_baseline) as bmi_var,
    count(baseline_fpg) filter (where has_baseline) as baseline_fpg_n, avg(baseline_fpg) filter (where has_baseline) as baseline_fpg_mean, var_samp(baseline_fpg) filter (where has_baseline) as baseline_fpg_var,
    count(baseline_ogtt2h) filter (where has_baseline) as baseline_ogtt2h_n, avg(baseline_ogtt2h) filter (where has_baseline) as baseline_ogtt2h_mean, var_samp(baseline_ogtt2h) filter (where has_baseline) as baseline_ogtt2h_var,
    count(baseline_hba1c) filter (where has_baseline) as baseline_hba1c_n, avg(baseline_hba1c) filter (where has_baseline) as baseline_hba1c_mean, var_samp(baseline_hba1c) filter (where has_baseline) as baseline_hba1c_var,
    count(weight_change) filter (where prediabetic) as weight_change_n, avg(weight_change) filter (where prediabetic) as weight_change_mean, var_samp(weight_change) filter (where prediabetic) as weight_change_var,
    count(*) filter (where prediabetic and weight_change <= -5) as weight_loss5,
    count(fpg_change) filter (where evaluable) as fpg_change_n, avg(fpg_change) filter (where evaluable) as fpg_change_mean, var_samp(fpg_change) filter (where evaluable) as fpg_change_var,
    count(ogtt2h_change) filter (where evaluable) as ogtt2h_change_n, avg(ogtt2h_change) filter (where evaluable) as ogtt2h_change_mean, var_samp(ogtt2h_change) filter (where evaluable) as ogtt2h_change_var,
    count(hba1c_change) filter (where evaluable) as hba1c_change_n, avg(hba1c_change) filter (where evaluable) as hba1c_change_mean, var_samp(hba1c_change) filter (where evaluable) as hba1c_change_var,
    count(*) filter (where evaluable and hba1c_change <= -0.2) as hba1c_drop02,
    sum(due) as due, sum(on_time) as on_time,
    count(*) filter (where prediabetic and reassessed) as reassessed,
    count(*) filter (where prediabetic and constitution_first[1] = 1) as first_pinghe, count(*) filter (where prediabetic and constitution_last[1] = 1) as last_pinghe, count(*) filter (where prediabetic and constitution_first[2] = 1) as first_qixu, count(*) filter (where prediabetic and constitution_last[2] = 1) as last_qixu, count(*) filter (where prediabetic and constitution_first[3] = 1) as first_yangxu, count(*) filter (where prediabetic and constitution_last[3] = 1) as last_yangxu, count(*) filter (where prediabetic and constitution_first[4] = 1) as first_yinxu, count(*) filter (where prediabetic and constitution_last[4] = 1) as last_yinxu, count(*) filter (where prediabetic and constitution_first[5] = 1) as first_tanshi, count(*) filter (where prediabetic and constitution_last[5] = 1) as last_tanshi, count(*) filter (where prediabetic and constitution_first[6] = 1) as first_shire, count(*) filter (where prediabetic and constitution_last[6] = 1) as last_shire, count(*) filter (where prediabetic and constitution_first[7] = 1) as first_xueyu, count(*) filter (where prediabetic and constitution_last[7] = 1) as last_xueyu, count(*) filter (where prediabetic and constitution_first[8] = 1) as first_qiyu, count(*) filter (where prediabetic and constitution_last[8] = 1) as last_qiyu, count(*) filter (where prediabetic and constitution_first[9] = 1) as first_tebing, count(*) filter (where prediabetic and constitution_last[9] = 1) as last_tebing,
    count(*) filter (where prediabetic and efficacy = 'cure') as efficacy_cure, count(*) filter (where prediabetic and efficacy = 'marked') as efficacy_marked, count(*) filter (where prediabetic and efficacy = 'effective') as efficacy_effective, count(*) filter (where prediabetic and efficacy = 'ineffective') as efficacy_ineffective,
    count(*) filter (where satisfactory is not null) as visit_classified,
    count(*) filter (where satisfactory = 1) as visit_satisfactory
  from facts
  group by grp
),
institution_groups as (
  select grp, institution_id, false as all_institutions,
    count(*) as enrolled,
    count(*) filter (where has_baseline) as with_baseline,
    count(*) filter (where evaluable) as evaluable,
    count(*) filter (where evaluable and progressed) as progressed,
    count(*) filter (where evaluable and reverted) as reverted,
    sum(due) as due, sum(on_time) as on_time
  from facts
  group by grp, institution_id
),
survival as (
  select 'all' as analysis, grp, followed_days as day, count(*) filter (where progressed) as events, count(*) filter (where not progressed) as censored
  from facts where evaluable
  group by grp, followed_days
  union all
  select 'common', grp, c_followed_days, count(*) filter (where c_progressed), count(*) filter (where not c_progressed)
  from facts where c_evaluable
  group by grp, c_followed_days
)
select json_build_object(
  'groups', (select coalesce(json_agg(g), '[]'::json) from groups g)::jsonb
    || (select coalesce(jsonb_agg(i), '[]'::jsonb) from institution_groups i),
  'survival', (select coalesce(json_agg(s order by s.analysis, s.grp, s.day), '[]'::json) from survival s)
) as report
