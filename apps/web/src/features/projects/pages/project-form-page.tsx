import { Alert, Center, Loader } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { AccessDenied } from '../../../components/errors/access-denied';
import { PageHeader } from '../../../components/ui/page-header';
import { getErrorMessage } from '../../../lib/api-client';
import { useCurrency } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useSessionStore } from '../../../stores/session-store';
import { useProject } from '../api/get-project';
import { useCreateProject, useUpdateProject } from '../api/project-mutations';
import { ProjectForm, projectFormInitialValues } from '../components/project-form';

function Loading() {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader aria-label="Cargando" />
    </Center>
  );
}

/** /projects/new (admin): creates a project and opens it. */
export function ProjectNewPage() {
  const navigate = useNavigate();
  const isAdmin = useSessionStore((s) => s.user?.role === 'admin');
  const create = useCreateProject();
  const currency = useCurrency();
  if (!isAdmin) return <AccessDenied />;
  return (
    <>
      <PageHeader
        title="Nuevo Proyecto"
        description="Registra un proyecto, su cliente, fechas, presupuesto y equipo"
      />
      <ProjectForm
        initialValues={projectFormInitialValues()}
        submitLabel="Crear proyecto"
        submitting={create.isPending}
        currency={currency}
        onCancel={() => navigate('/projects')}
        onSubmit={async (body) => {
          try {
            const project = await create.mutateAsync(body);
            toastSuccess('Proyecto creado', project.title);
            navigate(`/projects/${project._id}`, { replace: true });
          } catch (error) {
            toastError('Error', getErrorMessage(error, 'No se pudo crear el proyecto'));
          }
        }}
      />
    </>
  );
}

/** /projects/{id}/edit (admin): edits every field, including the team. */
export function ProjectEditPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const isAdmin = useSessionStore((s) => s.user?.role === 'admin');
  const project = useProject(id);
  const update = useUpdateProject(id);
  const currency = useCurrency();
  if (!isAdmin) return <AccessDenied />;
  const error = project.error;
  return (
    <>
      <PageHeader title="Editar Proyecto" description={project.data?.title} />
      {error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} mb="md">
          {getErrorMessage(error, 'No se pudo cargar el proyecto')}
        </Alert>
      )}
      {project.data ? (
        <ProjectForm
          key={project.data._id}
          project={project.data}
          initialValues={projectFormInitialValues(project.data)}
          statuses={[project.data.status, ...project.data.allowedTransitions]}
          submitLabel="Guardar cambios"
          submitting={update.isPending}
          currency={currency}
          onCancel={() => navigate(`/projects/${id}`)}
          onSubmit={async (body) => {
            try {
              await update.mutateAsync(body);
              toastSuccess('Proyecto actualizado', body.title);
              navigate(`/projects/${id}`);
            } catch (err) {
              toastError('Error', getErrorMessage(err, 'No se pudo actualizar el proyecto'));
            }
          }}
        />
      ) : (
        !error && <Loading />
      )}
    </>
  );
}
