export * from './avatar';
export * from './levels';
export * from './validation';
export * from './weekend';
