/** What the rest of the app uses from contact: the module and the table it owns (for the data source). */
export { ContactModule } from './contact.module';
export { ContactMessageEntity } from './persistence/contact-message.entity';
