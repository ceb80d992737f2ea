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
    capacityM3: truck.capacityM3 === null ? null : Number(truck.capacityM3),
    status: truck.status,
    location: truck.location,
    fullName: driver.fullName,
    driverId: driver.id,
    driverActive: driver.deactivatedAt === null,
    driverSignInLocked: driver.signInLockedAt !== null,
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
  { header: 'csv.truck_id', value: (t) => t.truckNumber },
  { header: 'csv.type', value: (t) => t.truckType },
  { header: 'csv.model', value: (t) => t.model },
  { header: 'csv.year', value: (t) => t.truckYear },
  { header: 'csv.capacity_kg', value: (t) => t.capacity },
  { header: 'csv.capacity_m3', value: (t) => t.capacityM3 },
  { header: 'csv.status', value: (t) => t.status },
  { header: 'csv.location', value: (t) => t.location },
  { header: 'csv.driver_name', value: (t) => t.fullName },
  { header: 'csv.driver_phone', value: (t) => t.phone },
  { header: 'csv.licence', value: (t) => t.license },
  { header: 'csv.licence_expires', value: (t) => t.licenseExpire },
  { header: 'csv.licence_status', value: (t) => t.licenseStatus },
  { header: 'csv.technical_inspection', value: (t) => t.technicalDate },
  { header: 'csv.inspection_due', value: (t) => t.inspectionDue },
  { header: 'csv.inspection_status', value: (t) => t.inspectionStatus },
  { header: 'csv.last_update', value: (t) => t.updatedAt },
];
