import { apiApp } from '../core/crud/api-app';
import { Cable, CableBundle, CableTermination } from './cables.models';
import { ConnectedDeviceController } from './connected-device.controller';
import { RackElevationController } from './elevation.controller';
import { RenderConfigController } from './render-config.controller';
import { traceControllers } from './trace.controller';
import {
  ConsolePort,
  ConsoleServerPort,
  DeviceBay,
  FrontPort,
  Interface,
  InventoryItem,
  InventoryItemRole,
  ModuleBay,
  PowerOutlet,
  PowerPort,
  RearPort,
} from './components.models';
import { Device, Module, VirtualChassis, VirtualDeviceContext } from './devices.models';
import { MACAddress } from './mac-addresses.models';
import { Location, Region, Site, SiteGroup } from './organisation.models';
import { PowerFeed, PowerPanel } from './power.models';
import { Rack, RackGroup, RackReservation, RackRole, RackType } from './racks.models';
import {
  ConsolePortTemplate,
  ConsoleServerPortTemplate,
  DeviceBayTemplate,
  FrontPortTemplate,
  InterfaceTemplate,
  InventoryItemTemplate,
  ModuleBayTemplate,
  PowerOutletTemplate,
  PowerPortTemplate,
  RearPortTemplate,
} from './templates.models';
import { DeviceRole, DeviceType, Manufacturer, ModuleType, ModuleTypeProfile, Platform } from './types.models';

/** The dcim application: organisation, racks, types and their component templates, devices and their components, cables, power. */
export const DcimModule = apiApp(
  'dcim',
  [
    Region, SiteGroup, Site, Location, RackGroup, RackRole, RackType, Rack, RackReservation, Manufacturer, Platform, DeviceType, ModuleTypeProfile, ModuleType, DeviceRole,
    ConsolePortTemplate, ConsoleServerPortTemplate, PowerPortTemplate, PowerOutletTemplate, InterfaceTemplate, RearPortTemplate, FrontPortTemplate,
    ModuleBayTemplate, DeviceBayTemplate, InventoryItemTemplate,
    VirtualChassis, Device, Module, VirtualDeviceContext,
    ConsolePort, ConsoleServerPort, PowerPort, PowerOutlet, Interface, FrontPort, RearPort, ModuleBay, DeviceBay, InventoryItemRole, InventoryItem,
    MACAddress,
    CableBundle, Cable, CableTermination, PowerPanel, PowerFeed,
  ],
  { controllers: [RackElevationController, ConnectedDeviceController, RenderConfigController, ...traceControllers()], rootEntries: { 'connected-device': '/api/dcim/connected-device/' } },
);
