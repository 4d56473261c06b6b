/** What a company of each GICS sector credits or blames for a quarter: the results' colour. */
import type { Direction } from './story-text.ts';

type Driver = {
  /** What moves the business, for "on strong …", "as … weakens". */
  noun: string;
  /** Why a quarter went well, for "helped by …". */
  good: string;
  /** Why it did not, for "hurt by …". */
  bad: string;
};

const DRIVERS: Record<string, Driver> = {
  'Information Technology': {
    noun: 'cloud and AI demand',
    good: 'strong demand for its cloud and AI products',
    bad: 'weaker spending on hardware and software by business customers',
  },
  'Communication Services': {
    noun: 'advertising demand',
    good: 'strong advertising sales and subscriber growth',
    bad: 'softer advertising spending and slower subscriber growth',
  },
  'Consumer Discretionary': {
    noun: 'consumer spending',
    good: 'strong consumer spending and higher average prices',
    bad: 'cautious consumer spending and heavier discounting',
  },
  'Consumer Staples': {
    noun: 'volume growth',
    good: 'higher prices and steady volumes',
    bad: 'lower volumes as shoppers traded down to cheaper brands',
  },
  'Health Care': {
    noun: 'product demand',
    good: 'strong demand for its treatments and devices',
    bad: 'pricing pressure and weaker demand for older products',
  },
  Financials: {
    noun: 'fee income',
    good: 'strong fee income and steady lending margins',
    bad: 'weaker trading revenue and rising credit costs',
  },
  Industrials: {
    noun: 'order growth',
    good: 'strong orders and a growing backlog',
    bad: 'softer orders and supply-chain disruptions',
  },
  Energy: {
    noun: 'production growth',
    good: 'record production and higher realized prices',
    bad: 'lower realized prices and weaker refining margins',
  },
  Materials: {
    noun: 'volume growth',
    good: 'strong volumes and firmer pricing',
    bad: 'weaker volumes and falling prices',
  },
  Utilities: {
    noun: 'customer growth',
    good: 'customer growth and favorable weather',
    bad: 'mild weather and higher financing costs',
  },
  'Real Estate': {
    noun: 'leasing demand',
    good: 'strong leasing demand and rising rents',
    bad: 'weaker occupancy and higher financing costs',
  },
};

const GENERAL: Driver = {
  noun: 'demand',
  good: 'strong demand across its businesses',
  bad: 'weaker demand across its businesses',
};

/** The sector's driver noun and the reason for a good (1) or bad (-1) quarter. */
export function sectorDriver(sector: string, direction: Direction) {
  const driver = DRIVERS[sector] ?? GENERAL;
  return { noun: driver.noun, reason: direction > 0 ? driver.good : driver.bad };
}
