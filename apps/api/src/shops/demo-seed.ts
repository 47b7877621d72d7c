import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { divisions, shops, vehicles } from '../db/schema';
import { recordVehicleCost } from '../vehicles/repository';

/** Demo customers and vans for a fresh demo store: two areas, a few shops, two vehicles with costs. */
export async function seedDemoShopsAndVehicles(tx: Tx, storeId: string, userId: string) {
  const [main] = await tx
    .select({ id: divisions.id })
    .from(divisions)
    .where(and(eq(divisions.storeId, storeId), eq(divisions.name, 'Main')));
  const [mirpur] = await tx
    .insert(divisions)
    .values({ storeId, name: 'Mirpur 2' })
    .returning({ id: divisions.id });
  await tx.insert(shops).values([
    {
      storeId,
      divisionId: main.id,
      name: 'Karim Traders',
      contactName: 'Abdul Karim',
      phone: '+8801711223344',
      address: 'Section 10, Mirpur',
    },
    {
      storeId,
      divisionId: main.id,
      name: 'Hasan Store',
      contactName: 'Mehedi Hasan',
      phone: '+8801811556677',
      address: 'Kazipara, Mirpur',
    },
    {
      storeId,
      divisionId: mirpur.id,
      name: 'Bhai Bhai Enterprise',
      contactName: 'Rafiq',
      phone: '+8801911889900',
      address: 'Road 3, Mirpur 2',
    },
  ]);
  const [van, pickup] = await tx
    .insert(vehicles)
    .values([
      { storeId, name: 'Dhaka Metro NA 11-2345', regNumber: 'Dhaka Metro NA 11-2345', vehicleBrand: 'Tata', vehicleModel: 'Ace' },
      { storeId, name: 'Dhaka Metro NA 14-7788', regNumber: 'Dhaka Metro NA 14-7788', vehicleBrand: 'Suzuki', vehicleModel: 'Carry' },
    ])
    .returning({ id: vehicles.id });
  const cost = { storeId, userId, paymentMethod: 'cash' as const };
  await recordVehicleCost(tx, {
    ...cost,
    vehicleId: van.id,
    category: 'fuel_payment',
    amount: 1800,
    ref: 'P-1021',
    description: '15 L diesel',
  });
  await recordVehicleCost(tx, {
    ...cost,
    vehicleId: pickup.id,
    category: 'repair_payment',
    amount: 2500,
    ref: null,
    description: 'New brake shoes',
  });
}
