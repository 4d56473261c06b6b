import { changeArrow, changeLevel } from '@app/shared/display/change';
import type { ChangeLevel } from '@app/shared/display/change';
import { formatChange, formatPercent } from '@app/shared/display/format';
import {
  IconAlertTriangle,
  IconArrowDown,
  IconArrowDownRight,
  IconArrowNarrowRight,
  IconArrowUp,
  IconArrowUpRight,
  IconChevronDown,
  IconChevronsDown,
  IconChevronsUp,
  IconChevronUp,
  IconMinus,
  IconRocket,
  IconTrendingDown,
  IconTrendingUp,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import classes from './change-display.module.css';

/** CSS class of a move: green up, red down, dimmed flat or unknown. */
export function changeClass(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value) || value === 0) {
    return classes.flat ?? '';
  }
  return (value > 0 ? classes.up : classes.down) ?? '';
}

function join(...names: (string | false | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

export interface ChangeTextProps {
  value: number | null | undefined;
  /** 'percent' → '+3.25%', 'change' → '+1.23' (spec §9: 2 decimals). */
  format: 'percent' | 'change';
  /** Colour by this value instead (a price change coloured by its percent). */
  colorBy?: number | null;
}

/** A signed change, green when up and red when down; the sign keeps it readable without colour. */
export function ChangeText({ value, format, colorBy }: ChangeTextProps) {
  const text =
    value === null || value === undefined
      ? formatPercent(Number.NaN)
      : format === 'percent'
        ? formatPercent(value)
        : formatChange(value);
  return <span className={join(classes.value, changeClass(colorBy ?? value))}>{text}</span>;
}

const ARROW_ICONS: Record<string, Icon> = {
  'double-up': IconChevronsUp,
  'double-down': IconChevronsDown,
  'single-up': IconChevronUp,
  'single-down': IconChevronDown,
  'plain-up': IconArrowUp,
  'plain-down': IconArrowDown,
};

/** Spec §9 arrow: double and animated beyond ±20 %, single angle beyond ±10 %, plain otherwise. */
export function ChangeArrowIcon({ pct, size = 16 }: { pct: number; size?: number }) {
  const arrow = changeArrow(pct);
  const ArrowIcon = ARROW_ICONS[`${arrow.kind}-${arrow.direction}`] ?? IconArrowNarrowRight;
  return (
    <ArrowIcon
      size={size}
      stroke={2.2}
      aria-hidden="true"
      data-arrow={`${arrow.kind}-${arrow.direction}`}
      className={join(
        classes.icon,
        changeClass(pct),
        arrow.animated && classes.animated,
        arrow.animated && arrow.direction === 'down' && classes.downward,
      )}
    />
  );
}

const LEVELS: Record<ChangeLevel, { icon: Icon; label: string }> = {
  surge: { icon: IconRocket, label: 'Surging: up more than 20% today' },
  'strong-up': { icon: IconTrendingUp, label: 'Strong rise: up more than 10% today' },
  up: { icon: IconArrowUpRight, label: 'Up today' },
  flat: { icon: IconMinus, label: 'Unchanged today' },
  down: { icon: IconArrowDownRight, label: 'Down today' },
  'strong-down': { icon: IconTrendingDown, label: 'Strong fall: down more than 10% today' },
  crash: { icon: IconAlertTriangle, label: 'Crashing: down more than 20% today' },
};

/** Spec §9 daily change icon: one icon per threshold band (above 20, 10, 0; below −10, −20). */
export function ChangeLevelIcon({ pct, size = 18 }: { pct: number; size?: number }) {
  const level = changeLevel(pct);
  const { icon: LevelIcon, label } = LEVELS[level];
  return (
    <LevelIcon
      size={size}
      stroke={1.8}
      role="img"
      aria-label={label}
      data-level={level}
      title={label}
      className={join(classes.icon, changeClass(pct))}
    />
  );
}
