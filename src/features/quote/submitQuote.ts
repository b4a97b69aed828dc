import { requestQuote, type QuoteRequestBody } from '../../../api/site';
import { request } from '../../lib/client';

/**
 * Where a quote request goes: our server (POST /api/quote, stored and confirmed) by default, or a marketing-form
 * provider's endpoint when VITE_QUOTE_FORM_URL is configured (the adapter posts the same fields as JSON).
 */
const providerUrl = (import.meta.env.VITE_QUOTE_FORM_URL as string | undefined) || undefined;

export async function submitQuote(values: QuoteRequestBody): Promise<{ id: string | number }> {
  const body: QuoteRequestBody = {
    name: values.name.trim(),
    email: values.email.trim(),
    company: values.company.trim(),
    services: values.services,
    budget: values.budget,
    message: values.message.trim(),
  };
  if (providerUrl) {
    const result = await request<{ id?: string | number } | undefined>(providerUrl, { method: 'POST', body });
    return { id: result?.id ?? 'sent' };
  }
  return requestQuote(request, body);
}
