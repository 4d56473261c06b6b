import { Accordion } from '@mantine/core';
import { useState } from 'react';
import type { Category } from '../api/categories';
import type { CompanyPlace } from '../api/company-lookup';
import { CategoryLabel, categoryAccessibleName } from './category-label';
import classes from './explore.module.css';
import { SubIndustryAccordion } from './sub-industry-accordion';

export interface SectorAccordionProps {
  sectors: readonly Category[];
  /** The company the page was opened on: its sector and sub-industry open, it is highlighted. */
  focus?: CompanyPlace & { symbol: string };
}

/** Spec §2 company exploration: GICS sectors with counts, each opening onto its sub-industries. */
export function SectorAccordion({ sectors, focus }: SectorAccordionProps) {
  // Null until the visitor opens or closes a sector: until then the focused company's is open.
  const [opened, setOpened] = useState<string[] | null>(null);
  const value = opened ?? (focus ? [focus.sector] : []);

  return (
    <Accordion
      multiple
      variant="separated"
      radius="lg"
      value={value}
      onChange={setOpened}
      classNames={{ item: classes.sector, control: classes.sectorControl }}
    >
      {sectors.map((sector) => (
        <Accordion.Item key={sector.name} value={sector.name}>
          <Accordion.Control aria-label={categoryAccessibleName(sector.name, sector.count)}>
            <CategoryLabel name={sector.name} count={sector.count} />
          </Accordion.Control>
          <Accordion.Panel>
            {value.includes(sector.name) && (
              <SubIndustryAccordion
                sector={sector.name}
                focus={
                  focus?.sector === sector.name
                    ? { subIndustry: focus.subIndustry, symbol: focus.symbol }
                    : undefined
                }
              />
            )}
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
