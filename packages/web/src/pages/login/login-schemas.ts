// The login form's rules, loaded by LoginPage on the first check of a field: the screen itself is shown
// without the schema library (the bundle budget, scripts/bundle-budget.mjs).
export { loginBody } from '@tcm/contracts/api/auth';
export { mobileSchema } from '@tcm/contracts/api/validators';
