import { APP_VERSION_LABEL } from '@agencia/shared';
import { Avatar, Badge, Group, Image, Text, UnstyledButton, useMantineTheme } from '@mantine/core';
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
 *
 * `compact` (a task timer runs in the header, decision 165): on phones the name gives way to its
 * initials in a round badge and the version badge steps aside, so the timer's clock fits beside
 * the brand at 390 and 320 px; the link keeps the whole name. From 768 px nothing changes.
 */
export function ShellBrand({ compact = false }: { compact?: boolean }) {
  const companyName = useCompanyName();
  const { data: settings } = useQuery(publicSettingsQuery);
  const logo = settings?.logo ?? null;
  const theme = useMantineTheme();
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
          {logo && (
            <Image
              src={logo}
              alt=""
              h={32}
              w="auto"
              maw={{ base: compact ? 64 : 120, sm: 200 }}
              fit="contain"
            />
          )}
          {compact && !logo && (
            <Avatar
              size={32}
              radius="xl"
              color={theme.primaryColor}
              variant="filled"
              hiddenFrom="sm"
              aria-hidden
              data-testid="shell-brand-initials"
            >
              {initials(companyName)}
            </Avatar>
          )}
          <Text
            fw={700}
            fz={{ base: 'sm', xs: 'md', sm: 'lg' }}
            lh={1.1}
            lineClamp={2}
            maw={{ base: 180, xs: 260, sm: 'none' }}
            visibleFrom={logo || compact ? 'sm' : undefined}
            data-testid="shell-brand-name"
          >
            {companyName}
          </Text>
        </Group>
      </UnstyledButton>
      <Badge
        variant="light"
        size="sm"
        tt="none"
        className={classes.version}
        visibleFrom={compact ? 'sm' : undefined}
      >
        {APP_VERSION_LABEL}
      </Badge>
    </>
  );
}

/** Up to two initials of the company's name ("Agencia Digital RD" → "AD"). */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /^\p{L}/u.test(word))
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}
