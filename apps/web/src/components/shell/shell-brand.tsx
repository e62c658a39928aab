import { APP_VERSION_LABEL } from '@agencia/shared';
import { Badge, Group, Image, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { publicSettingsQuery, useCompanyName } from '../../lib/public-settings';
import classes from './shell-brand.module.css';

/**
 * The header's brand: the company's logo and name, a link to the Dashboard, then the version
 * badge. On phones (below 768 px) a logo stands alone, its link named by the company, and a name
 * without a logo keeps to two lines of 14 px: with both, the name wrapped into three lines beside
 * the logo and the version badge was hidden (issue 32). 320 px still fits two lines of the name
 * (WCAG 1.4.10, decision 112); a longer name is clamped, whole in the link's name and tooltip.
 */
export function ShellBrand() {
  const companyName = useCompanyName();
  const { data: settings } = useQuery(publicSettingsQuery);
  const logo = settings?.logo ?? null;
  return (
    <>
      <UnstyledButton
        component={Link}
        to="/dashboard"
        aria-label={`${companyName}, ir al Dashboard`}
        title={companyName}
        miw={0}
      >
        <Group gap="xs" wrap="nowrap">
          {logo && <Image src={logo} alt="" h={32} w="auto" maw={{ base: 120, sm: 200 }} fit="contain" />}
          <Text
            fw={700}
            fz={{ base: 'sm', xs: 'md', sm: 'lg' }}
            lh={1.1}
            lineClamp={2}
            maw={{ base: 180, xs: 260, sm: 'none' }}
            visibleFrom={logo ? 'sm' : undefined}
            data-testid="shell-brand-name"
          >
            {companyName}
          </Text>
        </Group>
      </UnstyledButton>
      <Badge variant="light" size="sm" tt="none" className={classes.version}>
        {APP_VERSION_LABEL}
      </Badge>
    </>
  );
}
