import { fromPromise } from 'xstate';
import { reportIncident } from '../../../api/site';
import { incidentFormMachine } from '../../../machines/incidents/form/incidentForm.machine';
import type { IncidentValues } from '../../../machines/incidents/form/incidentForm.types';
import { request } from '../../lib/client';

/** The report-incident form's machine with the real submission; home loads it on the first 'Report Incident'. */
export const liveIncidentFormMachine = incidentFormMachine.provide({
  actors: {
    submit: fromPromise(({ input }) => {
      const v = input as unknown as IncidentValues;
      return reportIncident(request, {
        projectName: v.projectName.trim(),
        description: v.description.trim(),
        txHash: v.txHash.trim() || undefined,
        contactEmail: v.contactEmail.trim() || undefined,
      });
    }),
  },
});
