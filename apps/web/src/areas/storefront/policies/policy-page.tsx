import { Anchor, Box, Breadcrumbs, Container, Paper, Text, Title, Typography } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { PATHS } from '../../../config/site';

/** Frame shared by the policy pages: breadcrumb, title, date of the current version, text. */
export function PolicyPage({
  title,
  updated,
  children,
}: {
  title: string;
  updated: string;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Container size="md" py="xl">
      {/* A <nav>, so the label names a landmark; on Breadcrumbs' <div> it would be ignored. */}
      <Box component="nav" aria-label="Breadcrumb" mb="md">
        <Breadcrumbs separator="›" fz="sm">
          <Anchor component={Link} to={PATHS.home} fz="sm">
            Home
          </Anchor>
          <Text fz="sm" c="dimmed" aria-current="page">
            {title}
          </Text>
        </Breadcrumbs>
      </Box>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Title order={1}>{title}</Title>
        <Text c="dimmed" fz="sm" mt={4} mb="lg">
          Last updated: {updated}
        </Text>
        <Typography>{children}</Typography>
      </Paper>
    </Container>
  );
}
