// The comparison-group calls' paths, with no schema library, so that the shell's first render can call them without
// loading zod (comparative.ts re-exports them beside the schemas).

export const ComparativePaths = {
  create: '/api/comparative',
  list: '/api/comparative/list',
  endManagement: '/api/comparative/endManagementPatient',
  remove: '/api/comparative',
} as const;
