import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { track } from '../../../lib/analytics';
import { sendContactMessage } from '../api/send-contact-message';
import { type ContactErrors, type ContactPayload, validateContact } from '../validation';

const inputClasses =
  'mt-2 block w-full rounded-lg border bg-white px-3.5 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-500 focus:outline-2 focus:outline-offset-0 focus:outline-teal-500';

/** The contact form (spec section 2): prefilled for signed-in users, reset after a message is sent. */
export function ContactForm({ defaults }: { defaults: Pick<ContactPayload, 'name' | 'email'> }) {
  const initial: ContactPayload = { name: defaults.name, email: defaults.email, subject: '', message: '' };
  const [values, setValues] = useState<ContactPayload>(initial);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const honeypot = useRef<HTMLInputElement>(null);
  const id = useId();

  // Prefill arrives once the user has loaded; take it while the person has not typed in those fields.
  const [prefilled, setPrefilled] = useState(defaults);
  if (prefilled.name !== defaults.name || prefilled.email !== defaults.email) {
    setPrefilled(defaults);
    setValues((v) => ({
      ...v,
      name: v.name === prefilled.name ? defaults.name : v.name,
      email: v.email === prefilled.email ? defaults.email : v.email,
    }));
  }

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = { ...values, [event.target.name]: event.target.value };
    setValues(next);
    if (submitted) setErrors(validateContact(next));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateContact(values);
    setErrors(found);
    const firstInvalid = (Object.keys(found) as (keyof ContactPayload)[])[0];
    if (firstInvalid) {
      document.getElementById(`${id}-${firstInvalid}`)?.focus();
      return;
    }
    setSending(true);
    try {
      await sendContactMessage(values, honeypot.current?.value ?? '');
      track('Contact Form Submission', { subject: values.subject.trim() });
      toast({ title: 'Message Sent!', description: "Thanks for contacting us. We'll get back to you soon!" });
      setValues({ name: defaults.name, email: defaults.email, subject: '', message: '' });
      setSubmitted(false);
      setErrors({});
      if (honeypot.current) honeypot.current.value = '';
    } catch (error) {
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to send your message. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setSending(false);
    }
  };

  const field = (name: keyof ContactPayload, label: string, props: Record<string, unknown> = {}) => {
    const error = errors[name];
    const fieldId = `${id}-${name}`;
    const errorId = `${fieldId}-error`;
    const shared = {
      id: fieldId,
      name,
      value: values[name],
      onChange,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? errorId : undefined,
      className: `${inputClasses} ${error ? 'border-red-500' : 'border-slate-300'}`,
      ...props,
    };
    return (
      <div className={name === 'message' || name === 'subject' ? 'sm:col-span-2' : ''}>
        <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        {name === 'message' ? <textarea rows={6} {...shared} /> : <input {...shared} />}
        {error && (
          <p id={errorId} className="mt-1.5 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Contact form" className="grid gap-5 sm:grid-cols-2">
      {field('name', 'Name', { type: 'text', autoComplete: 'name', placeholder: 'Your name' })}
      {field('email', 'Email', { type: 'email', autoComplete: 'email', placeholder: 'you@example.com' })}
      {field('subject', 'Subject', { type: 'text', placeholder: 'How can we help?' })}
      {field('message', 'Message', { placeholder: 'Tell us a little more...' })}
      {/* Honeypot: off-screen and out of the tab order, so only bots fill it. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Leave this field empty</label>
        <input ref={honeypot} id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
          {sending ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}
