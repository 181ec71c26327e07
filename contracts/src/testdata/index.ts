/** The typed copy of TESTDATA.md, read by the mock server, the CLI and the e2e tests. */
export * from './accounts';
export * from './cards';
export * from './feedback';
export * from './fines';
export * from './packages';
export * from './rooms';
export * from './savedCards';
export * from './wallet';
