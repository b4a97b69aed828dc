import type { RiskLevel } from '../../../api/portfolio';

export const RISK_LABEL: Record<RiskLevel, string> = { high: 'High risk', medium: 'Medium risk', low: 'Low risk' };
