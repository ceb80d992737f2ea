import { getDocumentStatus, getInspectionDueDate } from '#shared/fleet-rules';
import type { AdminTruck, TruckDriverCombination } from '#shared/schemas/fleet-schemas';
import type { CsvColumn } from '../http/csv';
import type { TruckWithDriverRow } from './fleet-queries';

/** `today` is the business day (Morocco) on which the documents are judged. */
export function toAdminTruck({ truck, driver }: TruckWithDriverRow, today: string): AdminTruck {
  const inspectionDue = getInspectionDueDate(truck.technicalDate);
  return {
    id: truck.id,
    truckNumber: truck.truckNumber,
    truckType: truck.truckType,
    model: truck.model,
    truckYear: truck.truckYear,
    capacity: Number(truck.capacityKg),
    status: truck.status,
    location: truck.location,
    fullName: driver.fullName,
    driverId: driver.id,
    driverActive: driver.deactivatedAt === null,
    phone: driver.phone,
    email: driver.email,
    license: driver.license,
    licenseExpire: driver.licenseExpire,
    licenseStatus: getDocumentStatus(driver.licenseExpire, today),
    technicalDate: truck.technicalDate,
    inspectionDue,
    inspectionStatus: getDocumentStatus(inspectionDue, today),
    createdAt: truck.createdAt.toISOString(),
    updatedAt: truck.updatedAt.toISOString(),
  };
}

export function toTruckDriverCombination({
  truck,
  driver,
}: TruckWithDriverRow): TruckDriverCombination {
  return {
    truckId: truck.id,
    truckNumber: truck.truckNumber,
    id: driver.id,
    fullName: driver.fullName,
    phone: driver.phone,
    license: driver.license,
    capacity: Number(truck.capacityKg),
    truckType: truck.truckType,
    model: truck.model,
    licenseExpire: driver.licenseExpire,
    technicalDate: truck.technicalDate,
  };
}

export const adminTruckCsvColumns: CsvColumn<AdminTruck>[] = [
  { header: 'Truck ID', value: (t) => t.truckNumber },
  { header: 'Type', value: (t) => t.truckType },
  { header: 'Model', value: (t) => t.model },
  { header: 'Year', value: (t) => t.truckYear },
  { header: 'Capacity (kg)', value: (t) => t.capacity },
  { header: 'Status', value: (t) => t.status },
  { header: 'Location', value: (t) => t.location },
  { header: 'Driver name', value: (t) => t.fullName },
  { header: 'Driver phone', value: (t) => t.phone },
  { header: 'Licence', value: (t) => t.license },
  { header: 'Licence expires', value: (t) => t.licenseExpire },
  { header: 'Licence status', value: (t) => t.licenseStatus },
  { header: 'Technical inspection', value: (t) => t.technicalDate },
  { header: 'Inspection due', value: (t) => t.inspectionDue },
  { header: 'Inspection status', value: (t) => t.inspectionStatus },
  { header: 'Last update', value: (t) => t.updatedAt },
];
