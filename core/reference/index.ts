export * from './countries';
export * from './google-domains';
export * from './languages';
export * from './lookup';
