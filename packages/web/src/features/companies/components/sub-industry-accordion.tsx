import { Accordion, Alert, Skeleton, Stack } from '@mantine/core';
import { useState } from 'react';
import { useSubIndustries } from '../api/categories';
import { CategoryLabel, categoryAccessibleName } from './category-label';
import { CompanyButtons } from './company-buttons';
import classes from './explore.module.css';

export interface SubIndustryAccordionProps {
  sector: string;
  /** The focused company, when it belongs to this sector: its sub-industry opens. */
  focus?: { subIndustry: string; symbol: string };
}

/** The sub-industries of one sector, each opening onto its companies. */
export function SubIndustryAccordion({ sector, focus }: SubIndustryAccordionProps) {
  const subIndustries = useSubIndustries(sector);
  // Null until the visitor opens or closes one: until then the focused company's is open.
  const [opened, setOpened] = useState<string[] | null>(null);
  const value = opened ?? (focus ? [focus.subIndustry] : []);

  if (subIndustries.isPending) {
    return (
      <Stack gap="xs" role="status" aria-label={`Loading the sub-industries of ${sector}`}>
        <Skeleton height={40} radius="md" />
        <Skeleton height={40} radius="md" />
        <Skeleton height={40} radius="md" />
      </Stack>
    );
  }
  if (subIndustries.isError) {
    return (
      <Alert color="red" title="The sub-industries could not be loaded">
        {subIndustries.error.message}
      </Alert>
    );
  }
  return (
    <Accordion
      multiple
      variant="contained"
      radius="md"
      value={value}
      onChange={setOpened}
      classNames={{ control: classes.subControl, content: classes.subContent }}
    >
      {subIndustries.data.map((subIndustry) => (
        <Accordion.Item key={subIndustry.name} value={subIndustry.name}>
          <Accordion.Control
            aria-label={categoryAccessibleName(subIndustry.name, subIndustry.count)}
          >
            <CategoryLabel name={subIndustry.name} count={subIndustry.count} size="sm" />
          </Accordion.Control>
          <Accordion.Panel>
            {value.includes(subIndustry.name) && (
              <CompanyButtons
                subIndustry={subIndustry.name}
                count={subIndustry.count}
                highlight={focus?.subIndustry === subIndustry.name ? focus.symbol : undefined}
              />
            )}
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
