/** The package catalogue (plain data, shared with the client) and the module serving it. */
export { PackagesModule } from './packages.module';
export * from '@listinglens/contracts';
