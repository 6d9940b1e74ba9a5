export * from './api/envelope';
export * from './api/validators';
export * from './api/auth';
export * from './api/institution';
export * from './api/system';
export * from './clinical/resident-id';
