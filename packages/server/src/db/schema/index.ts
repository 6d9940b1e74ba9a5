export * from './accounts';
export * from './audit';
export * from './institutions';
export * from './patients';
export * from './records';
export * from './sessions';
export * from './verification';
