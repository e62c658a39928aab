import { cedulaCheckDigit, rncCheckDigit } from '@agencia/shared';
import type { Tx } from '../../db/client.js';
import { clients, companySettings, users } from '../../db/schema/index.js';

/** Password of every demo account (README). */
export const DEMO_PASSWORD = 'Demo1234!';

/** Builds a valid RNC (9 digits) from 8 base digits. */
export const rnc = (base8: string) => `${base8}${rncCheckDigit(base8)}`;
/** Builds a valid cédula (11 digits) from 10 base digits. */
export const cedula = (base10: string) => `${base10}${cedulaCheckDigit(base10)}`;

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

/** Ids of the seeded demo rows that later seed modules build on. */
export interface FoundationSeed {
  adminId: string;
  employeeId: string;
  clientUserIds: [string, string];
  /** Client records: [0] belongs to cliente@demo.do, [1] to cliente2@demo.do, then others. */
  clientIds: string[];
}

/**
 * Seeds the company settings, the demo accounts (admin, employee, two client users of two
 * companies) and seven client records (companies and individuals, active, inactive and
 * prospect, valid RNC/cédula numbers, Dominican phones and addresses).
 */
export async function seedFoundation(tx: Tx, passwordHash: string): Promise<FoundationSeed> {
  await tx
    .insert(companySettings)
    .values({
      id: 1,
      name: 'Agencia Digital RD',
      address: 'Av. Winston Churchill 1099, Torre Acrópolis, Piso 12',
      city: 'Santo Domingo',
      state: 'Distrito Nacional',
      zipCode: '10148',
      phone: '+1 809-555-0142',
      email: 'hola@agenciadigital.do',
      website: 'https://agenciadigital.do',
      whatsappNumber: '18095550142',
      taxId: rnc('13185542'),
      emailSignature: 'Equipo de Agencia Digital RD\nSanto Domingo, República Dominicana',
      // One peso account, so "Cómo pagar" and "Reportar pago" work in the demo (decision 163).
      paymentInstructions: {
        bankAccounts: [
          {
            bank: 'Banco Popular Dominicano',
            accountType: 'corriente',
            currency: 'DOP',
            accountNumber: '812-000142-7',
            holderName: 'Agencia Digital RD',
            holderId: rnc('13185542'),
          },
        ],
        otherMethods: null,
      },
    })
    .onConflictDoNothing();

  const clientRows = await tx
    .insert(clients)
    .values([
      {
        clientType: 'company',
        firstName: 'María',
        lastName: 'Fernández',
        email: 'cliente@demo.do',
        phone: '809-555-0101',
        companyName: 'Café Cibao SRL',
        companyRnc: rnc('13045871'),
        taxpayerType: 'contribuyente',
        industry: 'Alimentos y bebidas',
        website: 'https://cafecibao.do',
        street: 'Calle del Sol 45',
        city: 'Santiago de los Caballeros',
        state: 'Santiago',
        postalCode: '51000',
        status: 'active',
        joinDate: daysAgo(420),
        lastContact: daysAgo(3),
        satisfactionRating: 5,
        preferredCommunication: 'whatsapp',
        notes: 'Tienda en línea de café dominicano; prefiere reuniones los martes.',
      },
      {
        clientType: 'company',
        firstName: 'José',
        lastName: 'Ramírez',
        email: 'cliente2@demo.do',
        phone: '829-555-0202',
        companyName: 'Constructora Quisqueya SAS',
        companyRnc: rnc('13172209'),
        taxpayerType: 'contribuyente',
        industry: 'Construcción',
        website: 'https://constructoraquisqueya.do',
        street: 'Av. 27 de Febrero 312',
        city: 'Santo Domingo',
        state: 'Distrito Nacional',
        postalCode: '10122',
        status: 'active',
        joinDate: daysAgo(300),
        lastContact: daysAgo(10),
        satisfactionRating: 4,
        preferredCommunication: 'email',
      },
      {
        clientType: 'individual',
        firstName: 'Ana',
        lastName: 'Martínez',
        email: 'ana.martinez@gmail.example',
        phone: '849-555-0303',
        companyRnc: cedula('0011234567'),
        taxpayerType: 'consumidor_final',
        industry: 'Salud y bienestar',
        street: 'Calle Duarte 18',
        city: 'La Romana',
        state: 'La Romana',
        status: 'active',
        joinDate: daysAgo(200),
        satisfactionRating: 5,
        preferredCommunication: 'phone',
      },
      {
        clientType: 'company',
        firstName: 'Luis',
        lastName: 'Peña',
        email: 'luis@hotelplayadorada.example',
        phone: '809-555-0404',
        companyName: 'Hotel Playa Dorada',
        companyRnc: rnc('10182374'),
        taxpayerType: 'contribuyente',
        industry: 'Turismo y hospitalidad',
        street: 'Playa Dorada, Carretera Luperón km 4',
        city: 'Puerto Plata',
        state: 'Puerto Plata',
        status: 'inactive',
        joinDate: daysAgo(700),
        lastContact: daysAgo(160),
        satisfactionRating: 3,
        preferredCommunication: 'email',
      },
      {
        clientType: 'individual',
        firstName: 'Carmen',
        lastName: 'Rosario',
        email: 'carmen.rosario@outlook.example',
        phone: '829-555-0505',
        companyRnc: cedula('4020987654'),
        taxpayerType: 'consumidor_final',
        industry: 'Educación',
        street: 'Calle Restauración 7',
        city: 'San Francisco de Macorís',
        state: 'Duarte',
        status: 'prospect',
        joinDate: daysAgo(15),
        preferredCommunication: 'whatsapp',
      },
      {
        clientType: 'company',
        firstName: 'Rafael',
        lastName: 'Guzmán',
        email: 'rguzman@ferreteriaelprogreso.example',
        phone: '809-555-0606',
        companyName: 'Ferretería El Progreso',
        companyRnc: rnc('13099654'),
        taxpayerType: 'contribuyente',
        industry: 'Comercio minorista',
        street: 'Av. Independencia 88',
        city: 'San Cristóbal',
        state: 'San Cristóbal',
        status: 'active',
        joinDate: daysAgo(150),
        satisfactionRating: 4,
        preferredCommunication: 'meeting',
      },
      {
        clientType: 'individual',
        firstName: 'Pedro',
        lastName: 'Almonte',
        email: 'pedro.almonte@gmail.example',
        phone: '849-555-0707',
        companyRnc: cedula('0310456789'),
        taxpayerType: 'consumidor_final',
        industry: 'Servicios profesionales',
        street: 'Calle 16 de Agosto 23',
        city: 'Santiago de los Caballeros',
        state: 'Santiago',
        status: 'inactive',
        joinDate: daysAgo(500),
        preferredCommunication: 'email',
      },
    ])
    .returning({ id: clients.id });
  const clientIds = clientRows.map((r) => r.id);

  const userRows = await tx
    .insert(users)
    .values([
      {
        firstName: 'Laura',
        lastName: 'Céspedes',
        email: 'admin@demo.do',
        passwordHash,
        role: 'admin',
        department: 'Administración',
        phone: '809-555-0100',
        bio: 'Directora de operaciones de la agencia.',
      },
      {
        firstName: 'Carlos',
        lastName: 'Méndez',
        email: 'empleado@demo.do',
        passwordHash,
        role: 'employee',
        department: 'Desarrollo',
        phone: '829-555-0110',
        bio: 'Desarrollador full-stack.',
      },
      {
        firstName: 'María',
        lastName: 'Fernández',
        email: 'cliente@demo.do',
        passwordHash,
        role: 'client',
        department: null,
        phone: '809-555-0101',
        clientId: clientIds[0],
      },
      {
        firstName: 'José',
        lastName: 'Ramírez',
        email: 'cliente2@demo.do',
        passwordHash,
        role: 'client',
        department: null,
        phone: '829-555-0202',
        clientId: clientIds[1],
      },
      {
        firstName: 'Sofía',
        lastName: 'Batista',
        email: 'sofia.batista@demo.do',
        passwordHash,
        role: 'employee',
        department: 'Diseño',
        phone: '809-555-0120',
      },
    ])
    .returning({ id: users.id });
  return {
    adminId: userRows[0]!.id,
    employeeId: userRows[1]!.id,
    clientUserIds: [userRows[2]!.id, userRows[3]!.id],
    clientIds,
  };
}
