import nodemailer from 'nodemailer';
import { expect, signInAs, test } from './fixtures.js';

/*
 * Tickets by e-mail (decision 168): a reply sent over SMTP to the server's listener (global-setup
 * starts it on INBOUND_SMTP_PORT) appears in the ticket's conversation on screen.
 */
test.describe('tickets by e-mail', () => {
  test('a reply sent by e-mail appears in the ticket conversation', async ({ page }) => {
    const client = await signInAs(page, 'cliente');
    const title = `Correo de prueba ${Date.now()}`;
    const created = await page.request.post('/api/tickets', {
      headers: { authorization: `Bearer ${client.token}` },
      data: { title, description: 'El formulario de contacto no envía los mensajes.', type: 'bug' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const ticket = (await created.json()).data.ticket as { _id: string; ticketNumber: string };

    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: Number(process.env.INBOUND_SMTP_PORT),
      secure: false,
      ignoreTLS: true,
    });
    const reply = `Respondo por correo: ya probé de nuevo ${Date.now()}.`;
    try {
      await transport.sendMail({
        from: client.user.email,
        to: process.env.INBOUND_EMAIL_ADDRESS,
        subject: `Re: [#${ticket.ticketNumber}] ${title}`,
        text: `${reply}\n\nEl lun., Soporte escribió:\n> ¿Puede probar otra vez?\n`,
      });
    } finally {
      transport.close();
    }

    await page.goto(`/tickets/${ticket._id}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText(reply, { exact: true })).toBeVisible();
    await expect(page.getByText('¿Puede probar otra vez?')).toHaveCount(0);
  });
});
