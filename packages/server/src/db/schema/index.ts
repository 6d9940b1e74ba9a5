export * from './accounts';
export * from './audit';
export * from './institutions';
export * from './outcome-facts';
export * from './patients';
export * from './records';
export * from './sessions';
export * from './verification';
