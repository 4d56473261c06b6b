import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { Company } from '@app/shared/api/companies';
import { CompanySummary, WebsiteLink } from './company-info-card';
import classes from './company-info-card.module.css';
import { companySummary, websiteLink } from './company-text';
import { SectionCard } from '../../../components/section-card';

/** Spec §2 company info: sector and sub-industry, website, Wikipedia and the business summary. */
export function CompanyProfile({ company }: { company: Company }) {
  const wikipedia = websiteLink(company.wikipedia);
  return (
    <SectionCard labelledBy="company-profile" className={classes.card}>
      <Title order={2} size="h4" id="company-profile" mb="sm">
        Company info
      </Title>
      <Stack gap="sm">
        {company.gics_sector && (
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Sector
            </Text>
            <Text size="sm">
              {[company.gics_sector, company.gics_sub_industry].filter(Boolean).join(' · ')}
            </Text>
          </div>
        )}
        <WebsiteLink website={company.website} />
        {wikipedia && (
          <Anchor href={wikipedia.href} target="_blank" rel="noopener noreferrer" size="sm">
            Wikipedia
          </Anchor>
        )}
        <CompanySummary text={companySummary(company)} />
      </Stack>
    </SectionCard>
  );
}
