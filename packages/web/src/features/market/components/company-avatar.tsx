import { Avatar } from '@mantine/core';
import { companyInitials } from './company-text';

/** A company's logo from its quote, or its initials until (or unless) there is one. */
export function CompanyAvatar({
  image,
  name,
  size,
}: {
  image: string | null | undefined;
  name: string;
  size: number;
}) {
  return (
    <Avatar src={image ?? null} alt="" size={size} radius="md" color="blue" variant="light">
      {companyInitials(name)}
    </Avatar>
  );
}
