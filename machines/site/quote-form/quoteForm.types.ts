import type { FormDialogContext, FormDialogEvent, FormDialogTag } from '../../core/form-dialog/formDialog';
import type { connectQuoteForm } from './quoteForm.connect';

/** The form takes no input: it starts empty, keeps a closed unsent draft and empties once a request is received. */
export type QuoteValues = {
  name: string;
  email: string;
  company: string;
  /** Keys of QUOTE_SERVICE_LABELS. */
  services: string[];
  /** One of QUOTE_BUDGETS, '' before a choice. */
  budget: string;
  message: string;
};
export type QuoteFormContext = FormDialogContext<QuoteValues>;
export type QuoteFormEvent = FormDialogEvent;
/** `open` while the dialog shows, `submitting` while the request is out, `submitted` on the confirmation. */
export type QuoteFormTag = FormDialogTag;

/** What QuoteModal renders (quoteForm.connect). */
export type QuoteFormView = ReturnType<typeof connectQuoteForm>;
