import { fromPromise } from 'xstate';
import type { QuoteRequestBody } from '../../../api/site';
import { quoteFormMachine } from '../../../machines/site/quote-form/quoteForm.machine';
import { submitQuote } from './submitQuote';

/** The request-a-quote dialog's machine with the real submission; the app loads it on the first 'Request a Quote'. */
export const liveQuoteFormMachine = quoteFormMachine.provide({
  actors: { submit: fromPromise(({ input }) => submitQuote(input as QuoteRequestBody)) },
});
