// The annex list and personal-centre calls' paths, with no schema library, so that the shell's first render can call them without
// loading zod (annex-queries.ts re-exports them beside the schemas).

export const AnnexQueryPaths = {
  toBeContinued: '/api/annex/queryToBeContinued',
  completed: '/api/annex/queryCompleted',
  personalCenter: '/api/annex/queryPersonalCenterData',
} as const;
