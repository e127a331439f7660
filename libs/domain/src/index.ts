export * from './avatar';
export * from './chat';
export * from './levels';
export * from './limits';
export * from './time-zone';
export * from './validation';
export * from './weekend';
export * from './weeks';
