/** Monitoring read from the chain (docs/monitoring.md): the privileged surface, privileged-event rules and alerts, signals. */
export * from './surface';
export * from './rules';
export { notifyPrivileged } from './notify';
export { applyChainSignals, chainSignals, governanceSignals } from './signals';
