! The multiprecision extension from Fortran: an fp32 (real*4) array lent to a vector is read back in fp64
! (exact widening), written in fp64, and taken back holding the fp64 values rounded to fp32; the validity
! of the (memory space, precision) buffers after each access; the preferred precision of vector
! arithmetic; sync to the context's preferred memory; an operator's precision mode.
! Each typed entry point is called with one kind of array only (real*4 or real*8): gfortran rejects a file
! passing both kinds to the same external procedure. Values compare exactly (abs(a-b) > 0 spelled so for
! -Wcompare-reals).

      subroutine expectvalid(v,mem,stype,expected,label,failures)
      implicit none
      include 'ceed/fortran.h'
      integer v,mem,stype,expected,failures,hasvalid,err
      character(len=*) label
      hasvalid=-1
      call ceedvectorhasvalidarraytyped(v,mem,stype,hasvalid,err)
      if (err /= 0 .or. hasvalid /= expected) then
        print *,label,': buffer (',mem,',',stype,') valid ',hasvalid,' expected ',expected
        failures=failures+1
      endif
      end

! Expected validity of the 4 buffers: host fp32, host fp64, device fp32, device fp64.
      subroutine expectbuffers(v,h32,h64,d32,d64,label,failures)
      implicit none
      include 'ceed/fortran.h'
      integer v,h32,h64,d32,d64,failures
      character(len=*) label
      call expectvalid(v,ceed_mem_host,ceed_scalar_fp32,h32,label,failures)
      call expectvalid(v,ceed_mem_host,ceed_scalar_fp64,h64,label,failures)
      call expectvalid(v,ceed_mem_device,ceed_scalar_fp32,d32,label,failures)
      call expectvalid(v,ceed_mem_device,ceed_scalar_fp64,d64,label,failures)
      end

      program t110
      implicit none
      include 'ceed/fortran.h'

      integer, parameter :: n=5
      integer ceed,err,i,failures,v,stype,memtype,qf,op,prec
      real*4 x4(n)
      real*8 a8(1),norm,third
      integer*8 aoffset,toffset
      character(len=256) resource

      failures=0
      call get_command_argument(1,resource)
      call ceedinit(trim(resource)//char(0),ceed,err)
      if (err /= 0) stop 2
      call ceedgetpreferredmemtype(ceed,memtype,err)

      do i=1,n
        x4(i)=real(i,4)/3.0
      enddo
      call ceedvectorcreate(ceed,n,v,err)

      ! Lent fp32 array: only host fp32 is valid.
      call ceedvectorsetarraytyped(v,ceed_mem_host,ceed_scalar_fp32,ceed_use_pointer,x4,0_8,err)
      if (err /= 0) failures=failures+1
      call expectbuffers(v,1,0,0,0,'set fp32',failures)

      ! Read in fp64: the fp32 values widened exactly; both host buffers valid.
      call ceedvectorgetarrayreadtyped(v,ceed_mem_host,ceed_scalar_fp64,a8,aoffset,err)
      do i=1,n
        if (abs(a8(aoffset+i)-dble(x4(i))) > 0.d0) then
          print *,'fp64 read ',i,': ',a8(aoffset+i),' expected ',dble(x4(i))
          failures=failures+1
        endif
      enddo
      call ceedvectorrestorearrayreadtyped(v,a8,aoffset,err)
      if (err /= 0 .or. aoffset /= 0) failures=failures+1
      call expectbuffers(v,1,1,0,0,'read fp64',failures)

      ! Write in fp64 (values not representable in fp32): only host fp64 is valid.
      call ceedvectorgetarraywritetyped(v,ceed_mem_host,ceed_scalar_fp64,a8,aoffset,err)
      do i=1,n
        a8(aoffset+i)=dble(i)/7.d0
      enddo
      call ceedvectorrestorearraytyped(v,a8,aoffset,err)
      if (err /= 0) failures=failures+1
      call expectbuffers(v,0,1,0,0,'write fp64',failures)

      ! Take the lent fp32 array back: it holds the fp64 values rounded to fp32.
      call ceedvectortakearraytyped(v,ceed_mem_host,ceed_scalar_fp32,x4,toffset,err)
      if (err /= 0 .or. toffset /= 0) then
        print *,'take fp32: error ',err,' offset ',toffset
        failures=failures+1
      endif
      do i=1,n
        if (abs(x4(i)-real(dble(i)/7.d0,4)) > 0.0) then
          print *,'taken fp32 array ',i,': ',x4(i),' expected ',real(dble(i)/7.d0,4)
          failures=failures+1
        endif
      enddo
      call expectbuffers(v,0,1,0,0,'take fp32',failures)

      ! Preferred precision fp32: SetValue stores the rounded value in fp32 only; norms of fp32 values.
      call ceedvectorgetpreferredscalartype(v,stype,err)
      if (stype /= ceed_scalar_fp64) failures=failures+1
      call ceedvectorsetpreferredscalartype(v,ceed_scalar_fp32,err)
      call ceedvectorgetpreferredscalartype(v,stype,err)
      if (stype /= ceed_scalar_fp32) failures=failures+1
      third=1.d0/3.d0
      call ceedvectorsetvalue(v,third,err)
      call expectbuffers(v,1,0,0,0,'setvalue in fp32',failures)
      call ceedvectornorm(v,ceed_norm_max,norm,err)
      if (abs(norm-dble(real(third,4))) > 0.d0) then
        print *,'max norm ',norm,' expected ',dble(real(third,4))
        failures=failures+1
      endif

      ! Sync fp64 to the preferred memory of the context.
      call ceedvectorsyncarraytyped(v,memtype,ceed_scalar_fp64,err)
      if (err /= 0) failures=failures+1
      call expectvalid(v,memtype,ceed_scalar_fp64,1,'sync fp64',failures)

      ! Read-write in fp64: the widened fp32 value; afterwards only host fp64 is valid.
      call ceedvectorgetarraytyped(v,ceed_mem_host,ceed_scalar_fp64,a8,aoffset,err)
      do i=1,n
        if (abs(a8(aoffset+i)-dble(real(third,4))) > 0.d0) then
          print *,'read-write fp64 ',i,': ',a8(aoffset+i),' expected ',dble(real(third,4))
          failures=failures+1
        endif
        a8(aoffset+i)=2.5d0
      enddo
      call ceedvectorrestorearraytyped(v,a8,aoffset,err)
      call expectbuffers(v,0,1,0,0,'read-write fp64',failures)
      call ceedvectornorm(v,ceed_norm_1,norm,err)
      if (abs(norm-2.5d0*n) > 0.d0) then
        print *,'norm 1 ',norm,' expected ',2.5d0*n
        failures=failures+1
      endif
      call ceedvectordestroy(v,err)

      ! Operator precision modes.
      call ceedqfunctioncreateinteriorbyname(ceed,'MassApply',qf,err)
      call ceedoperatorcreate(ceed,qf,ceed_qfunction_none,ceed_qfunction_none,op,err)
      call ceedoperatorgetprecision(op,prec,err)
      if (err /= 0 .or. prec /= ceed_precision_fp64) then
        print *,'default operator precision ',prec
        failures=failures+1
      endif
      call ceedoperatorsetprecision(op,ceed_precision_low_high,err)
      call ceedoperatorgetprecision(op,prec,err)
      if (err /= 0 .or. prec /= ceed_precision_low_high) failures=failures+1
      call ceedoperatorsetprecision(op,ceed_precision_fp32,err)
      call ceedoperatorgetprecision(op,prec,err)
      if (err /= 0 .or. prec /= ceed_precision_fp32) failures=failures+1
      call ceedoperatorsetprecision(op,ceed_precision_high_low,err)
      call ceedoperatorgetprecision(op,prec,err)
      if (err /= 0 .or. prec /= ceed_precision_high_low) failures=failures+1
      call ceedoperatordestroy(op,err)
      call ceedqfunctiondestroy(qf,err)

      call ceeddestroy(ceed,err)
      if (err /= 0) failures=failures+1
      if (failures /= 0) then
        print *,failures,' failures'
        stop 1
      endif
      end
