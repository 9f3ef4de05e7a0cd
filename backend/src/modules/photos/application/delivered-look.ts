import { reportNumber, reportObject } from '../../../shared/delivery/report-fields';
import { type Look, type LookCorrection } from '@listinglens/engine';

/**
 * The look a photo was delivered with, from its report: the one measured before the order's harmonisation when it
 * had one (so a repeated run plans the same), otherwise its `after`; with the input's exposure (`before`), which
 * tells a lifted night shot apart. Undefined for a photo whose report lacks the look.
 */
export const deliveredLook = (report: unknown): Look | undefined => {
  const r = reportObject(report);
  const look = reportObject(reportObject(r?.harmonisation)?.look) ?? reportObject(r?.after);
  const exposureEv = reportNumber(look?.exposureEv);
  const castA = reportNumber(look?.castA);
  const castB = reportNumber(look?.castB);
  if (exposureEv === undefined || castA === undefined || castB === undefined) return undefined;
  return {
    exposureEv,
    castA,
    castB,
    neutralShare: reportNumber(look?.neutralShare),
    inputExposureEv: reportNumber(reportObject(r?.before)?.exposureEv),
  };
};

/** The order harmonisation a photo was delivered with (the look before it and the correction), if any. */
export const photoHarmonisation = (report: unknown): { look: Look; correction: LookCorrection } | undefined => {
  const h = reportObject(reportObject(report)?.harmonisation);
  const c = reportObject(h?.correction);
  const look = deliveredLook(report);
  const ev = reportNumber(c?.ev);
  const gainRed = reportNumber(c?.gainRed);
  const gainBlue = reportNumber(c?.gainBlue);
  if (!look || ev === undefined || gainRed === undefined || gainBlue === undefined) return undefined;
  return { look, correction: { ev, gainRed, gainBlue } };
};

/** A host's adjustment is what they asked for: harmonisation neither changes such a photo nor matches others to it. */
export const adjustedByHost = (report: unknown) =>
  reportObject(reportObject(reportObject(report)?.corrections)?.adjustments) !== undefined;
