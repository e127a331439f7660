export * from './avatar';
export * from './levels';
export * from './limits';
export * from './playbooks';
export * from './time-zone';
export * from './validation';
export * from './weekend';
export * from './weeks';
