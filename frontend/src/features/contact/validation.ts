/** Contact payload (spec section 3) and its rules (spec section 5); the server checks the same. */
export interface ContactPayload {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export type ContactErrors = Partial<Record<keyof ContactPayload, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateContact(values: ContactPayload): ContactErrors {
  const errors: ContactErrors = {};
  if (values.name.trim().length < 2) errors.name = 'Name must be at least 2 characters';
  if (!EMAIL.test(values.email.trim())) errors.email = 'Please enter a valid email address';
  if (values.subject.trim().length < 2) errors.subject = 'Subject must be at least 2 characters';
  if (values.message.trim().length < 10) errors.message = 'Message must be at least 10 characters';
  return errors;
}
