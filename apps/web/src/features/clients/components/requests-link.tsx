import { Button } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Entry to the 'Solicitudes' view (quote and access requests) from the Clients area. */
export function RequestsLink() {
  return (
    <Button component={Link} to="/clients/requests" variant="light" leftSection={<IconInbox size={18} />}>
      Solicitudes
    </Button>
  );
}
