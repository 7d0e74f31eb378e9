import { apiApp } from '../core/crud/api-app';
import { Cluster, ClusterGroup, ClusterType, VMInterface, VirtualMachine, VirtualMachineType } from './models';
import { VirtualDisk } from './virtual-disks.models';

/** The virtualization application: cluster types and groups, clusters, virtual machine types (4.6), virtual machines, their interfaces and disks. */
export const VirtualizationModule = apiApp('virtualization', [ClusterType, ClusterGroup, Cluster, VirtualMachineType, VirtualMachine, VMInterface, VirtualDisk]);
