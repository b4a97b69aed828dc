import { createFormDialogMachine, type FieldErrors } from '../../core/form-dialog/formDialog';
import type { QuoteValues } from './quoteForm.types';

/** Services a visitor can ask about: the values of api/site.ts QUOTE_SERVICES with their labels. */
export const QUOTE_SERVICE_LABELS = {
  'security-audit': 'Security Audit',
  skynet: 'Skynet Monitoring',
  skytrace: 'Skytrace Investigation',
  pentest: 'Penetration Testing',
  other: 'Something else',
} as const;
export const QUOTE_BUDGETS = [
  'Under $10k',
  '$10k – $50k',
  '$50k – $150k',
  'Over $150k',
  'Not sure yet',
] as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateQuote(v: QuoteValues): FieldErrors {
  const errors: FieldErrors = {};
  if (v.name.trim() === '') errors.name = 'Please enter your name.';
  if (v.email.trim() === '') errors.email = 'Please enter your email address.';
  else if (!EMAIL.test(v.email.trim())) errors.email = 'Invalid email.';
  if (v.company.trim() === '') errors.company = 'Please enter your company or project.';
  if (v.services.length === 0) errors.services = 'Choose at least one service.';
  if (v.budget === '') errors.budget = 'Please choose a budget.';
  if (v.message.trim().length < 10) errors.message = 'Tell us a little more (at least 10 characters).';
  else if (v.message.length > 5000) errors.message = 'Please keep the message under 5000 characters.';
  return errors;
}

/** The 'Protect Your Project Today' request-a-quote dialog (spec §2 'Other overlays'). Actor: submit. */
export const quoteFormMachine = createFormDialogMachine<QuoteValues>({
  id: 'quoteForm',
  initialValues: { name: '', email: '', company: '', services: [], budget: '', message: '' },
  validate: validateQuote,
});
