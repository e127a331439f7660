export * from './levels';
export * from './validation';
