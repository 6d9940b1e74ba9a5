// The user and patient calls' paths, with no schema library, so that the shell's first render can call them without
// loading zod (patient.ts re-exports them beside the schemas).

/** Calls on users: doctors (admin review) and managed-group patients (spec §7 "User and authentication"). */
export const UserPaths = {
  list: '/api/user/list',
  update: '/api/user',
  remove: '/api/user',
  reviewDoctor: '/api/user/reviewedDoctorRegisterInfo',
  annex7Overdue: '/api/user/queryAnnex7TheLastTimeIsOver',
  annex9Overdue: '/api/user/queryAnnex9TheLastTimeIsOver',
  endManagement: '/api/user/endManagementPatient',
  notRemind: '/api/user/notRemind',
  deleteFromIncompleteList: '/api/user/deleteFromIncompleteList',
  /** Added: enrol a managed-group patient. */
  enrol: '/api/user/patient',
  /** Added: one patient with full ID number and mobile (audited view). */
  detail: '/api/user/patient',
  /** The spec's `GET {hash}` (query): the doctor's bell, patients not filled in for 15 days. */
  unfilledRemind: '/api/user/queryUnfilledRemind',
  /** The spec's `GET /api/user/{hash}?institutionId=` (returns a list): patient search in an institution. */
  institutionPatients: '/api/user/institutionPatients',
  /**
   * Added: the guided step for a managed patient whose diabetes is confirmed: the annex 8 evaluation
   * ends management (进展为糖尿病) and, if asked, the person joins the comparison group's diabetes arm.
   */
  progressToDiabetes: '/api/user/progressToDiabetes',
} as const;
