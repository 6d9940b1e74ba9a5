export * from './labels';
export * from './physique-conflicts';
export * from './physique-guidance';
export * from './print';
export * from './safety';
export * from './schemas';
export * from './suggestions';
export * from './templates';
