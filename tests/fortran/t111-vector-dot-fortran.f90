! ceedrt's extensions from Fortran: ceedvectordot (x^T y on the vectors' backend, against the value summed
! here) and ceedgethostdevicebytes (the counters never decrease; on a context whose preferred memory is the
! host, vector work copies nothing between host and device). Values are exact binary fractions, so the
! dot product compares exactly (abs(a-b) > 0 spelled so for -Wcompare-reals).
      program t111
      implicit none
      include 'ceed/fortran.h'

      integer, parameter :: n=10
      integer ceed,err,i,failures,x,y,memtype
      real*8 xa(n),ya(n),dot,expected
      integer*8 h2d0,d2h0,h2d1,d2h1
      character(len=256) resource

      failures=0
      call get_command_argument(1,resource)
      call ceedinit(trim(resource)//char(0),ceed,err)
      if (err /= 0) stop 2
      call ceedgetpreferredmemtype(ceed,memtype,err)
      call ceedgethostdevicebytes(h2d0,d2h0,err)
      if (err /= 0 .or. h2d0 < 0 .or. d2h0 < 0) failures=failures+1

      expected=0.d0
      do i=1,n
        xa(i)=dble(i)/4.d0
        ya(i)=dble(n-2*i)/2.d0
        expected=expected+xa(i)*ya(i)
      enddo
      call ceedvectorcreate(ceed,n,x,err)
      call ceedvectorcreate(ceed,n,y,err)
      call ceedvectorsetarray(x,ceed_mem_host,ceed_copy_values,xa,0_8,err)
      call ceedvectorsetarray(y,ceed_mem_host,ceed_copy_values,ya,0_8,err)
      call ceedvectordot(x,y,dot,err)
      if (err /= 0 .or. abs(dot-expected) > 0.d0) then
        print *,'dot ',dot,' expected ',expected
        failures=failures+1
      endif
      call ceedvectordot(x,x,dot,err)
      expected=0.d0
      do i=1,n
        expected=expected+xa(i)*xa(i)
      enddo
      if (err /= 0 .or. abs(dot-expected) > 0.d0) then
        print *,'x.x ',dot,' expected ',expected
        failures=failures+1
      endif

      call ceedgethostdevicebytes(h2d1,d2h1,err)
      if (err /= 0 .or. h2d1 < h2d0 .or. d2h1 < d2h0) failures=failures+1
      if (memtype == ceed_mem_host .and. (h2d1 /= h2d0 .or. d2h1 /= d2h0)) then
        print *,'host context copied ',h2d1-h2d0,' bytes to and ',d2h1-d2h0,' bytes from the device'
        failures=failures+1
      endif
      call ceedvectordestroy(x,err)
      call ceedvectordestroy(y,err)
      call ceeddestroy(ceed,err)
      if (failures /= 0) then
        print *,failures,' failures'
        stop 1
      endif
      end
