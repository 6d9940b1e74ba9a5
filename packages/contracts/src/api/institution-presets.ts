// The institution list's path and the preset centres, with no schema library: the web app loads them
// on its first screen (institution.ts re-exports them beside the schemas).

export const InstitutionPaths = { list: '/api/institution/list' } as const;

/**
 * The 10 community health service centres shown before the server's list arrives (spec §3, §9) and
 * seeded into an empty database. Ids are their positions, 1 to 10.
 */
export const DEFAULT_INSTITUTIONS: readonly { id: number; name: string }[] = [
  '城东社区卫生服务中心',
  '城西社区卫生服务中心',
  '城南社区卫生服务中心',
  '城北社区卫生服务中心',
  '中山路社区卫生服务中心',
  '人民路社区卫生服务中心',
  '解放路社区卫生服务中心',
  '新华街道社区卫生服务中心',
  '和平街道社区卫生服务中心',
  '滨江社区卫生服务中心',
].map((name, i) => ({ id: i + 1, name }));
